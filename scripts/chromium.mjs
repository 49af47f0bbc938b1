// Where Chromium is, or a clear way to get it: browser tests never pass silently without one.
import fs from 'node:fs';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) {
    console.error(
      '\nChromium was not found, and the end-to-end tests need it.\n' +
        '  On Debian/Ubuntu:  sudo apt-get install -y chromium\n' +
        '  Or point CHROMIUM_PATH at a Chromium or Chrome binary.\n',
    );
    process.exit(1);
  }
  return found;
}
