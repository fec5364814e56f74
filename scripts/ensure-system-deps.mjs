// The tests need programs npm cannot install: xmllint (the manifest schema check), Chromium
// (end-to-end tests of the built pages) and redis-server (the team gateway's shared quota and cache). On Debian/Ubuntu, install them when we may (root or
// password-less sudo); otherwise say exactly what to run. Exits non-zero when they are missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const NEEDED = [
  { program: "xmllint", check: () => has("xmllint"), debianPackage: "libxml2-utils" },
  { program: "chromium", check: () => existsSync("/usr/bin/chromium"), debianPackage: "chromium" },
  { program: "redis-server", check: () => has("redis-server"), debianPackage: "redis-server" },
];

function has(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

const missing = NEEDED.filter((need) => !need.check());
if (missing.length === 0) process.exit(0);

const packages = missing.map((need) => need.debianPackage);
const command = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(" ")}`;
const isRoot = process.getuid?.() === 0;
const sudo = !isRoot && has("sudo") && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;

if (!has("apt-get") || !(isRoot || sudo)) {
  console.error(`Missing ${missing.map((need) => need.program).join(" and ")}. Install with:\n  sudo ${command}`);
  process.exit(1);
}
console.log(`Installing ${packages.join(", ")} (Debian packages the tests need) …`);
const result = spawnSync(isRoot ? "sh" : "sudo", isRoot ? ["-c", command] : ["sh", "-c", command], {
  stdio: "inherit",
  env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
});
const stillMissing = NEEDED.filter((need) => !need.check());
if (result.status !== 0 || stillMissing.length > 0) {
  console.error(`Could not install ${stillMissing.map((need) => need.debianPackage).join(", ")}; run: sudo ${command}`);
  process.exit(1);
}
