import { useMemo, useState } from 'react';
import { Box, Button, Checkbox, Dialog, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { AppDialog } from '../../components/app/AppDialog.tsx';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { purchaseFormSchema, type PurchaseFormInput } from '@parliamo/domain/contracts/forms';
import type { CheckoutBody, CheckoutStartedAnswer } from '@parliamo/domain/contracts/payments';
import { DEFAULT_HOURS, MAX_HOURS, MIN_HOURS, QUICK_PICKS } from '@parliamo/domain/rules';
import { hoursError, packagePrice, parseHours, trialPrice } from './purchase.ts';
import { useSiteConfig, useSiteConfigLoaded } from '../../lib/site.ts';
import { ruleValues } from '../../lib/rule-values.ts';
import { errorText } from '../../lib/i18n-store.ts';
import { useT } from '../../lib/i18n.tsx';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { apiRequest, errorMessage, isUnauthorizedError } from '../../lib/api.ts';
import { toaster } from '../../components/toaster.tsx';
import { euros, num, rateLabel, shortName } from '../../lib/format.ts';
import { LoadingRows, ErrorNotice } from '../../components/app/states.tsx';
import { teacherQueries } from '../teachers/index.ts';
import { currentPath, loginPath } from '../../lib/next-path.tsx';

export interface PurchaseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A teacher chosen before the dialog opens (the public teacher page). */
  teacherId?: string;
}

/** Purchase Hour Package: teacher search, hours choice, price, then the card checkout. */
export function PurchaseDialog({ open, onOpenChange, teacherId: preselected }: PurchaseDialogProps) {
  const t = useT();
  const [search, setSearch] = useState('');
  const form = useForm<PurchaseFormInput, unknown, Omit<CheckoutBody, 'amount'>>({
    resolver: contractResolver(purchaseFormSchema),
    defaultValues: { teacherId: preselected ?? '', hours: String(DEFAULT_HOURS) },
  });
  const [teacherId, custom] = form.watch(['teacherId', 'hours']);
  const hours = parseHours(custom);
  const teachers = useQuery({ ...teacherQueries.teachers(), enabled: open, refetchOnMount: 'always' });

  const matches = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = teachers.data ?? [];
    if (!q) return list;
    return list.filter((x) => x.firstName.toLowerCase().includes(q) || x.lastName.toLowerCase().includes(q));
  }, [teachers.data, search]);
  const teacher = teachers.data?.find((x) => x.id === teacherId);
  const site = useSiteConfig();
  const siteLoaded = useSiteConfigLoaded();
  // The teacher's trial lesson (issue 17): offered when the server says this student may still have it.
  const [trialFor, setTrialFor] = useState<string | null>(null);
  const offersTrial = !!teacher && teacher.trialRate != null;
  const trialOffer = useQuery({ ...teacherQueries.trialOffer(teacherId), enabled: open && offersTrial, retry: false });
  const trialEligible = offersTrial && trialOffer.data?.eligible === true && trialOffer.data.trialRate != null;
  const trial = trialEligible && trialFor === teacherId;
  const price = teacher
    ? trial
      ? trialPrice(trialOffer.data!.trialRate!, site.fee)
      : packagePrice(hours, num(teacher.hourlyRate), site.fee)
    : null;
  const hoursRule = trial ? null : hoursError(hours);
  const hoursProblem = hoursRule && errorText(hoursRule);
  const hoursOk = hoursProblem === null;

  const checkout = useMutation({
    mutationFn: async (body: CheckoutBody) =>
      (await (await apiRequest('POST', '/api/create-checkout-session', body)).json()) as CheckoutStartedAnswer,
    onSuccess: (data) => {
      window.location.href = data.checkout_url;
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        toaster.create({
          type: 'error',
          title: t('public.purchase.loginRequired.title'),
          description: t('public.purchase.loginRequired.description'),
        });
        setTimeout(() => {
          window.location.href = loginPath(currentPath());
        }, 1500);
        return;
      }
      toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(error, t('public.purchase.failed')) });
    },
  });

  const pickHours = (h: number) => form.setValue('hours', String(h));
  const invalidSelection = () =>
    toaster.create({ type: 'error', title: t('public.purchase.invalid.title'), description: t('public.purchase.invalid.description') });
  const submit = form.handleSubmit((selection) => {
    if (!teacher || !price) return invalidSelection();
    checkout.mutate(trial ? { teacherId: teacher.id, totalHours: 1, trial: true, amount: price.total } : { ...selection, amount: price.total });
  }, invalidSelection);
  const hoursField = form.register('hours', { onBlur: () => form.setValue('hours', String(hours)) });

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('public.purchase.title')}
      size="lg"
      // Outside the scrolling body, so the total and the payment button stay in view on small screens.
      footer={
        <Dialog.Footer borderTopWidth="1px" flexWrap="wrap" justifyContent="space-between" gap="3">
          <HStack fontWeight="bold" gap="3">
            <Text>{t('public.purchase.total')}</Text>
            <Text data-testid="purchase-total">{price ? euros(price.total) : '-'}</Text>
          </HStack>
          <HStack gap="3">
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">{t('public.purchase.cancel')}</Button>
            </Dialog.ActionTrigger>
            <Button colorPalette="green" disabled={!teacher || !hoursOk || !siteLoaded || checkout.isPending} onClick={submit}>
              {checkout.isPending ? t('public.purchase.processing') : t('public.purchase.proceed')}
            </Button>
          </HStack>
        </Dialog.Footer>
      }
    >
      <Stack gap="5">
        <Field.Root>
          <Field.Label>{t('public.purchase.search')}</Field.Label>
          <Input type="search" value={search} placeholder={t('public.purchase.searchPlaceholder')} onChange={(e) => setSearch(e.target.value)} />
        </Field.Root>
        <Box role="group" aria-label={t('public.purchase.teachers')}>
          {teachers.isLoading ? (
            <LoadingRows rows={3} height="10" label={t('public.purchase.loadingTeachers')} />
          ) : teachers.error ? (
            <ErrorNotice error={teachers.error} />
          ) : matches.length === 0 ? (
            <Text color="fg.muted">{search.trim() ? t('public.purchase.noMatch', { query: search }) : t('public.purchase.none')}</Text>
          ) : (
            <Stack gap="2" maxH="56" overflowY="auto">
              {matches.map((x) => (
                <Button
                  key={x.id}
                  variant={x.id === teacherId ? 'solid' : 'outline'}
                  colorPalette="green"
                  justifyContent="space-between"
                  aria-pressed={x.id === teacherId}
                  onClick={() => form.setValue('teacherId', x.id)}
                >
                  <span>{shortName(x.firstName, x.lastName)}</span>
                  <span>{rateLabel(x.hourlyRate)}</span>
                </Button>
              ))}
            </Stack>
          )}
        </Box>
        {offersTrial && trialOffer.data && (
          <Box borderWidth="1px" borderRadius="md" p="3" borderColor={trialEligible ? 'green.300' : 'border'}>
            {trialEligible ? (
              <Checkbox.Root
                checked={trial}
                onCheckedChange={(e) => setTrialFor(e.checked === true ? teacherId : null)}
                colorPalette="green"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {t('public.purchase.trialOffer', { price: euros(trialOffer.data.trialRate!) })}
                </Checkbox.Label>
              </Checkbox.Root>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                {t('public.purchase.trialUnavailable', { price: euros(teacher!.trialRate!), reason: trialOffer.data.reason ?? '' })}
              </Text>
            )}
          </Box>
        )}
        <Box>
          <Text fontWeight="medium" mb="2" id="hours-label">
            {t('public.purchase.hours')}
          </Text>
          <Flex gap="2" wrap="wrap" role="group" aria-labelledby="hours-label">
            {QUICK_PICKS.map((h) => (
              <Button key={h} size="sm" minW="12" variant={!trial && h === hours ? 'solid' : 'outline'} aria-pressed={!trial && h === hours} disabled={trial} onClick={() => pickHours(h)}>
                {h}
              </Button>
            ))}
          </Flex>
        </Box>
        <Field.Root invalid={!hoursOk}>
          <Field.Label>{t('public.purchase.customHours')}</Field.Label>
          <Input
            type="number"
            inputMode="numeric"
            min={MIN_HOURS}
            max={MAX_HOURS}
            disabled={trial}
            {...hoursField}
          />
          {hoursProblem && <Field.ErrorText>{hoursProblem}</Field.ErrorText>}
        </Field.Root>
        <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle" aria-live="polite">
          {teacher && price ? (
            <Stack gap="1">
              <HStack justify="space-between">
                <Text>
                  {trial ? t('public.purchase.trialLine') : t('public.purchase.hoursLine', { hours, rate: euros(num(teacher.hourlyRate)) })}
                </Text>
                <Text>{euros(price.lessons)}</Text>
              </HStack>
              <HStack justify="space-between">
                <Text>{t('public.purchase.fee')}</Text>
                <Text>{euros(site.fee)}</Text>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {t('public.rules.validity', ruleValues(site))}
              </Text>
              <Text fontSize="sm" color="fg.muted" data-testid="purchase-express-request">
                {t('public.purchase.expressRequest')}
              </Text>
            </Stack>
          ) : (
            <Text color="fg.muted">{teacher ? hoursProblem : t('public.purchase.selectTeacher')}</Text>
          )}
        </Box>
      </Stack>
    </AppDialog>
  );
}

export default PurchaseDialog;
