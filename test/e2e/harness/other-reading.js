// Jest setup file of the "e2e, other reading" project: every session's sandbox answers in its alt reading.
process.env.UKCO_SANDBOX_VARIANT = "alt";
