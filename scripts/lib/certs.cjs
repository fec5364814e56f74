// HTTPS for localhost with the Office dev certificates (~/.office-addin-dev-certs).
// Generating them needs no privileges; trusting the CA does (Office on Windows and Mac refuses an
// untrusted certificate), so we install it only where Office desktop runs, and otherwise say how.
const { existsSync, readFileSync } = require("node:fs");

const defaults = require("office-addin-dev-certs/lib/defaults.js");
const { generateCertificates } = require("office-addin-dev-certs/lib/generate.js");
const { verifyCertificates } = require("office-addin-dev-certs/lib/verify.js");

const CA_CERTIFICATE_PATH = defaults.caCertificatePath;

async function ensureDevCertificates({ log = console.log } = {}) {
  const present = existsSync(defaults.caCertificatePath) && existsSync(defaults.localhostCertificatePath);
  if (!present || !safeVerify()) {
    log(`Generating development certificates in ${defaults.certificateDirectory} …`);
    await generateCertificates();
  }
  let trusted = false;
  if (process.platform === "win32" || process.platform === "darwin") {
    try {
      const { ensureCertificatesAreInstalled } = require("office-addin-dev-certs/lib/install.js");
      await ensureCertificatesAreInstalled();
      trusted = true;
    } catch (error) {
      log(
        `Could not trust the development CA automatically (${error.message}). Run: npx office-addin-dev-certs install`,
      );
    }
  }
  return {
    key: readFileSync(defaults.localhostKeyPath),
    cert: readFileSync(defaults.localhostCertificatePath),
    ca: readFileSync(defaults.caCertificatePath),
    trusted,
  };
}

function safeVerify() {
  try {
    return verifyCertificates();
  } catch {
    return false;
  }
}

module.exports = { CA_CERTIFICATE_PATH, ensureDevCertificates };
