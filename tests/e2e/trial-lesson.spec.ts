import { test } from '@playwright/test';
import { demo, expect, expectAccessible, registerStudent, screenshots, signIn } from './app-support.ts';
import { buyHours, headers } from './lesson-support.ts';

// Trial lessons end to end: the demo teacher (Giulia Rossi, EUR 30/hour) sets a trial rate in her
// profile editor; a new student sees "Trial €15" on her card and profile, buys the trial hour in the
// purchase dialog and pays on the local test checkout; afterwards the dialog no longer offers it and a
// second trial is refused.
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };

test('a teacher offers a trial lesson; a new student buys it once', async ({ page }) => {
  // The teacher: a rate not below the hourly rate is refused with the contract's sentence, then 15 is saved.
  await signIn(page, demo.teacher);
  await page.goto('/teacher/profile');
  const form = page.getByRole('form', { name: 'Teacher profile' });
  const trialRate = form.getByRole('spinbutton', { name: 'Trial lesson rate (€)' });
  await expect(trialRate).toBeVisible(slow);
  await expectAccessible(page);
  const hourly = Number(await form.getByRole('spinbutton', { name: /Hourly rate/ }).inputValue());
  expect(hourly).toBe(30);
  await trialRate.fill('30');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(form.getByText('The trial rate must be below the hourly rate')).toBeVisible();
  await trialRate.fill('15');
  await screenshots(page, 'trial-teacher-profile');
  await form.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  const me = (await (await page.request.get('/api/teacher/profile')).json()) as { trialRate: number | null };
  expect(me.trialRate).toBe(15);
  const teacherId = ((await (await page.request.get('/api/auth/user')).json()) as { id: string }).id;

  // A new student: the card and the profile say "Trial €15".
  await page.context().clearCookies();
  const login = await registerStudent(page, 'Tina');
  await signIn(page, login);
  await page.goto('/teachers');
  const card = page.getByRole('article', { name: 'Giulia Rossi' });
  await expect(card.getByTestId('teacher-trial')).toHaveText('Trial €15', slow);
  await card.scrollIntoViewIfNeeded();
  await screenshots(page, 'trial-teacher-cards');
  await page.goto(`/teacher/${teacherId}`);
  await expect(page.getByTestId('teacher-trial')).toHaveText('Trial €15', slow);

  // The purchase dialog offers the trial hour: one hour at €15 + the €3 fee.
  await page.getByRole('button', { name: 'Buy Hours' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Hour Package' });
  const offer = dialog.getByRole('checkbox', { name: 'Trial lesson: 1 hour at €15 (once per teacher)' });
  await expect(offer).toBeVisible(slow);
  await expect(dialog.getByTestId('purchase-total')).toHaveText('€153');
  // By keyboard: the checkbox takes the focus and Space ticks it.
  await offer.focus();
  await page.keyboard.press('Space');
  await expect(offer).toBeChecked();
  await expect(dialog.getByTestId('purchase-total')).toHaveText('€18');
  await expect(dialog.getByText('Trial lesson, 1 hour')).toBeVisible();
  await expect(dialog.getByRole('spinbutton', { name: 'Custom hours' })).toBeDisabled();
  await expectAccessible(page);
  await screenshots(page, 'trial-purchase-dialog');
  await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();

  // The test checkout: one hour, €18; paying credits it.
  await expect(page).toHaveURL(/\/test-checkout\//, slow);
  await expect(page.getByText('Test payment: no card is charged')).toBeVisible(slow);
  // The express request: focused and ticked with Space, as a keyboard does.
  await page.getByRole('checkbox', { name: /I ask for my lesson hours to be available at once/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=/, slow);
  await expect(page.getByText('1 lesson hour has been added to your account', { exact: false })).toBeVisible(slow);

  // The trial is used: the dialog says so instead of offering it, and the API refuses a second one.
  await page.goto(`/teacher/${teacherId}`);
  await page.getByRole('button', { name: 'Buy Hours' }).click();
  const again = page.getByRole('dialog', { name: 'Purchase Hour Package' });
  await expect(again.getByText('Trial lesson €15: You have already had a trial lesson with this teacher')).toBeVisible(slow);
  await expect(again.getByRole('checkbox')).toHaveCount(0);
  await screenshots(page, 'trial-purchase-dialog-used');
  const second = await page.request.post('/api/create-checkout-session', {
    headers,
    data: { amount: 18, teacherId, totalHours: 1, trial: true },
  });
  expect(second.status()).toBe(409);
  expect(await second.json()).toMatchObject({ message: 'You have already had a trial lesson with this teacher' });
});

// The demo seed's trial teacher (Luca Esposito, EUR 25/hour, trial EUR 15): a new student buys his trial
// hour and then two ordinary hours; My Hours and the admin's payments mark only the trial as "Trial".
test("the demo's trial teacher: My Hours and the admin's payments mark the trial purchase", async ({ page }) => {
  const teachers = (await (await page.request.get('/api/teachers')).json()) as { id: string; firstName: string; trialRate: number | null }[];
  const luca = teachers.find((x) => x.firstName === 'Luca')!;
  expect(luca.trialRate).toBe(15);
  expect(teachers.filter((x) => x.trialRate !== null && x.firstName !== 'Giulia').map((x) => x.firstName)).toEqual(['Luca']);

  const login = await registerStudent(page, 'Teo');
  await signIn(page, login);
  await page.goto('/teachers');
  await expect(page.getByRole('article', { name: 'Luca Esposito' }).getByTestId('teacher-trial')).toHaveText('Trial €15', slow);
  const buy = (data: { amount: number; totalHours: number; trial?: boolean }) => buyHours(page, { teacherId: luca.id, ...data });
  const trialPayment = await buy({ amount: 18, totalHours: 1, trial: true });
  const ordinaryPayment = await buy({ amount: 53, totalHours: 2 });

  await page.goto('/my-hours');
  const trialCard = page.getByRole('region', { name: /^Luca E\., 1 hour bought/ });
  await expect(page.getByTestId('package-trial')).toHaveCount(1, slow);
  await expect(page.getByTestId('package-trial')).toHaveText('Trial');
  await expect(trialCard.getByTestId('package-trial')).toHaveText('Trial');
  await expect(trialCard.getByTestId('package-remaining')).toHaveText('1 of 1');
  await expect(page.getByRole('region', { name: /^Luca E\., 2 hours bought/ }).getByTestId('package-remaining')).toHaveText('2 of 2');
  await expectAccessible(page);
  await screenshots(page, 'trial-my-hours');

  await page.context().clearCookies();
  await signIn(page, demo.admin);
  await page.goto(`/admin/payments?search=${trialPayment}`);
  const row = page.getByTestId('payment-row');
  await expect(row).toHaveCount(1, slow);
  await expect(row.getByTestId('payment-trial')).toHaveText('Trial');
  await screenshots(page, 'trial-admin-payments');
  await page.goto(`/admin/payments?search=${ordinaryPayment}`);
  await expect(page.getByTestId('payment-row')).toHaveCount(1, slow);
  await expect(page.getByTestId('payment-row').getByTestId('payment-trial')).toHaveCount(0);
});

// Two trial checkouts started together (two tabs): both are paid, only the first is credited. The page
// the second returns to says why, in Italian: the reason comes from the API in English (the rule's sentence).
test('a second trial paid at the same time is not credited, and the payment page says why in Italian', async ({ page, baseURL }) => {
  const teachers = (await (await page.request.get('/api/teachers')).json()) as { id: string; firstName: string; trialRate: number | null }[];
  const luca = teachers.find((x) => x.firstName === 'Luca')!;
  const login = await registerStudent(page, 'Teresa');
  await page.context().addCookies([{ name: 'lang', value: 'it', url: baseURL! }]);
  await signIn(page, login);
  const start = async () => {
    const res = await page.request.post('/api/create-checkout-session', { headers, data: { amount: luca.trialRate! + 3, teacherId: luca.id, totalHours: 1, trial: true } });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { checkout_url: string }).checkout_url;
  };
  const first = await start();
  const second = await start();
  expect((await page.request.post(`/api${first}/pay`, { headers, data: { expressRequest: true } })).status()).toBe(200);
  await page.goto(second);
  // The express request: focused and ticked with Space, as a keyboard does.
  await page.getByRole('checkbox', { name: /Chiedo che le ore di lezione siano disponibili subito/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: /^Paga / }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=/, slow);
  await expect(page.getByText('Questa lezione di prova non è stata aggiunta al tuo account')).toBeVisible(slow);
  await expect(
    page.getByText('Hai già fatto una lezione di prova con questo insegnante. Il pagamento è stato segnalato alla scuola per il rimborso.'),
  ).toBeVisible();
  await expect(page.getByText('You have already had a trial lesson', { exact: false })).toHaveCount(0);
  await screenshots(page, 'trial-not-credited-it');
});
