// The checks scripts/verify-image.sh runs against a Parliamo started from the image:
//   node scripts/verify-image-smoke.mjs <base url> <phase>
// phase "accounts": ready, register an admin, a teacher and a student (before the restart that makes
// ADMIN_EMAIL an admin); phase "flow": ready, sign-ins, teacher approval, a purchase through the test
// checkout, a booking and, with VERIFY_MAIL_LOG (scripts/verify-smtp-sink.mjs's log), its two mails
// delivered over SMTP. Exits non-zero on the first failed check, saying which.
import fs from 'node:fs';

const [base, phase] = process.argv.slice(2);
if (!base || !['accounts', 'flow'].includes(phase ?? '')) {
  console.error('usage: node scripts/verify-image-smoke.mjs <base url> accounts|flow');
  process.exit(2);
}
const password = 'verify-image-Passw0rd!';
const people = {
  admin: 'admin@verify.parliamo.test',
  teacher: 'teacher@verify.parliamo.test',
  student: 'student@verify.parliamo.test',
};

function fail(message) {
  console.error(`FAIL ${message}`);
  process.exit(1);
}

/** A signed-in (or anonymous) HTTP client keeping its session cookie. */
function client() {
  let cookie = '';
  return async function call(method, path, body, expected = [200]) {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        origin: base,
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const set = res.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    const text = await res.text();
    if (!expected.includes(res.status)) fail(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      return text;
    }
  };
}

function ok(message) {
  console.log(`ok   ${message}`);
}

async function register(email, firstName) {
  await client()('POST', '/api/register', {
    email, firstName, lastName: 'Verifica', dateOfBirth: '1990-01-01', placeOfBirth: 'Roma',
    nationality: 'Italiana', address: 'Via del Corso 1', city: 'Roma', postalCode: '00186',
    password, confirmPassword: password,
  }, [201]);
}

async function signIn(email) {
  const call = client();
  const user = await call('POST', '/api/auth/login', { email, password });
  if (user?.email !== email) fail(`sign-in as ${email} answered ${JSON.stringify(user)}`);
  return { call, user };
}

await client()('GET', '/api/ready');
ok('GET /api/ready answers 200');

if (phase === 'accounts') {
  for (const [role, email] of Object.entries(people)) await register(email, role);
  ok('registered an admin-to-be, a teacher-to-be and a student through the API');
  process.exit(0);
}

const admin = await signIn(people.admin);
if (admin.user.role !== 'admin') fail(`ADMIN_EMAIL did not make ${people.admin} an admin (role ${admin.user.role})`);
ok('sign-in as the ADMIN_EMAIL account: role admin');
const teacher = await signIn(people.teacher);
await admin.call('PATCH', `/api/admin/users/${teacher.user.id}`, { role: 'teacher' });
// PUT takes the whole profile (as the admin's form sends it): the one read back, with a rate.
const { id: _id, email: _email, ...profile } = await admin.call('GET', `/api/admin/teachers/${teacher.user.id}`);
await admin.call('PUT', `/api/admin/teachers/${teacher.user.id}`, { ...profile, hourlyRate: 30 });
await admin.call('PATCH', `/api/admin/users/${teacher.user.id}`, { isApproved: true });
const teacherAgain = await signIn(people.teacher);
const weekly = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [String(d), [10, 11, 12, 15, 16]]));
await teacherAgain.call('PUT', '/api/teacher/availability', { weekly, daysOff: [] });
ok('admin made the teacher a teacher (30 €/h) and approved them; the teacher set weekly hours');

const student = await signIn(people.student);
ok('sign-in as the student');
const checkout = await student.call('POST', '/api/create-checkout-session', { amount: 2 * 30 + 3, teacherId: teacher.user.id, totalHours: 2 });
const paymentId = String(checkout.checkout_url).match(/\/test-checkout\/([^/?#]+)/)?.[1];
if (!paymentId) fail(`expected the test checkout, got ${checkout.checkout_url}`);
await student.call('POST', `/api/test-checkout/${paymentId}/pay`, { expressRequest: true });
let status;
for (let i = 0; i < 50; i++) {
  status = (await student.call('GET', `/api/payments/${paymentId}`)).status;
  if (status === 'credited') break;
  await new Promise((r) => setTimeout(r, 200));
}
if (status !== 'credited') fail(`payment ${paymentId} ended ${status}, not credited`);
const packages = await student.call('GET', '/api/hour-packages');
if (packages[0]?.remainingHours !== 2) fail(`expected a package of 2 hours, got ${JSON.stringify(packages)}`);
ok('purchase of 2 hours through the test checkout: payment credited, package of 2 hours');

const slots = await student.call('GET', `/api/availabilities?teacherId=${teacher.user.id}`);
if (!slots.length) fail('the teacher shows no free slot');
const booking = await student.call('POST', '/api/bookings', { teacherId: teacher.user.id, date: slots[0].date, hour: slots[0].hour }, [201]);
const after = await student.call('GET', '/api/hour-packages');
if (after[0]?.remainingHours !== 1) fail(`after booking expected 1 hour left, got ${JSON.stringify(after)}`);
ok(`booked ${booking.date} ${booking.hour}:00 (status ${booking.status}); 1 hour left`);

const mailLog = process.env.VERIFY_MAIL_LOG;
if (mailLog) {
  const wanted = [
    [people.student, 'Lesson booked: '],
    [people.teacher, 'New lesson: '],
  ];
  let mails = [];
  const delivered = ([to, subject]) => mails.some((m) => m.to.includes(to) && m.subject.startsWith(subject));
  for (let i = 0; i < 60 && !wanted.every(delivered); i++) {
    await new Promise((r) => setTimeout(r, 500));
    mails = fs.existsSync(mailLog) ? fs.readFileSync(mailLog, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  }
  const missing = wanted.filter((w) => !delivered(w));
  if (missing.length) fail(`mails not delivered over SMTP within 30 s: ${JSON.stringify(missing)}; delivered: ${JSON.stringify(mails)}`);
  ok(`the booking's mails went out over SMTP_URL: ${wanted.map(([to, s]) => `"${s}..." to ${to}`).join(', ')}`);
}
