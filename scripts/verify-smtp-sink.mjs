// The mail server scripts/verify-image.sh gives the app (production refuses to start without SMTP_URL):
// accepts every mail over plain SMTP, keeps none of its body, and appends one JSON line per mail
// ({ to: [...], subject }) to <log file>, which scripts/verify-image-smoke.mjs reads.
//   node scripts/verify-smtp-sink.mjs <host> <port> <log file>
// Only the commands nodemailer sends without credentials; no STARTTLS is offered, so it sends in plain.
import fs from 'node:fs';
import net from 'node:net';

const [host, port, logFile] = process.argv.slice(2);
if (!host || !port || !logFile) {
  console.error('usage: node scripts/verify-smtp-sink.mjs <host> <port> <log file>');
  process.exit(2);
}

/** The Subject header, unfolded and with RFC 2047 encoded words decoded. */
function subjectOf(headerLines) {
  const unfolded = headerLines.join('\r\n').replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  const raw = unfolded.find((h) => /^subject:/i.test(h))?.slice(8).trim() ?? '';
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset, enc, text) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

const server = net.createServer((socket) => {
  let buffer = '';
  let inData = false;
  let to = [];
  let headers = [];
  let inHeaders = false;
  const reply = (line) => socket.write(`${line}\r\n`);
  reply('220 verify-smtp-sink');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    let end;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          fs.appendFileSync(logFile, JSON.stringify({ to, subject: subjectOf(headers) }) + '\n');
          to = [];
          headers = [];
          reply('250 accepted');
        } else {
          if (line === '') inHeaders = false; // the body follows; it is not kept
          else if (inHeaders) headers.push(line);
        }
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') reply('250 verify-smtp-sink');
      else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') reply('250 ok');
      else if (verb === 'RCPT') {
        to.push(/<([^>]*)>/.exec(line)?.[1] ?? line.slice(8).trim());
        reply('250 ok');
      } else if (verb === 'DATA') {
        inData = true;
        inHeaders = true;
        headers = [];
        reply('354 end with <CRLF>.<CRLF>');
      } else if (verb === 'QUIT') {
        reply('221 bye');
        socket.end();
      } else reply('502 not implemented');
    }
  });
});
server.listen(Number(port), host, () => console.log(`smtp sink on ${host}:${port}, mails logged to ${logFile}`));
process.on('SIGTERM', () => process.exit(0));
