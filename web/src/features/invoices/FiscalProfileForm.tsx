import { useEffect, useState } from 'react';
import { Box, Button, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FiscalProfileBody } from '@parliamo/domain/contracts';
import { NATURE, REGIMI } from '@parliamo/domain/invoices';
import { SelectField } from '../../components/FormFields.tsx';
import { toaster } from '../../components/toaster.tsx';
import { apiRequest, errorMessage } from '../../lib/api.ts';
import { invalidate } from '../../lib/queries.ts';
import { useT } from '../../lib/i18n.tsx';
import { invoiceChanges, invoiceQueries } from './queries.ts';

type Treatment = FiscalProfileBody['treatments']['italy'];
const ZONES = ['italy', 'eu', 'non_eu'] as const;
const TEXT_FIELDS = ['name', 'partitaIva', 'codiceFiscale', 'address', 'postalCode', 'city', 'province'] as const;

function TreatmentFields({ zone, value, onChange }: { zone: (typeof ZONES)[number]; value: Treatment; onChange: (t: Treatment) => void }) {
  const t = useT();
  return (
    <Box borderWidth="1px" borderRadius="md" p="3">
      <Text fontWeight="semibold">{t(`admin.invoices.profile.zone.${zone}`)}</Text>
      <SelectField label={t('admin.invoices.profile.treatment')} value={value.kind === 'vat' ? 'vat' : value.natura}
        onChange={(v) => onChange(v === 'vat' ? { kind: 'vat', ratePercent: 22 } : { kind: 'exempt', natura: v as (typeof NATURE)[number], reference: value.kind === 'exempt' ? value.reference : '' })}
        options={[{ value: 'vat', label: t('admin.invoices.profile.vat') }, ...NATURE.map((n) => ({ value: n, label: t('admin.invoices.profile.natura', { code: n }) }))]} />
      <Field.Root mt="2">
        <Field.Label>{value.kind === 'vat' ? t('admin.invoices.profile.rate') : t('admin.invoices.profile.reference')}</Field.Label>
        {value.kind === 'vat'
          ? <Input type="number" inputMode="decimal" value={String(value.ratePercent)} onChange={(e) => onChange({ kind: 'vat', ratePercent: Number(e.target.value) })} />
          : <Input value={value.reference} maxLength={100} onChange={(e) => onChange({ ...value, reference: e.target.value })} />}
      </Field.Root>
    </Box>
  );
}

/** The school's fiscal data and tax treatment: what the invoices carry. Saving writes again the documents that waited for it. */
export function FiscalProfileForm() {
  const t = useT();
  const qc = useQueryClient();
  const saved = useQuery(invoiceQueries.fiscalProfile()).data;
  const [form, setForm] = useState<FiscalProfileBody | null>(null);
  useEffect(() => {
    if (saved && !form) setForm(saved.profile);
  }, [saved, form]);
  const save = useMutation({
    mutationFn: (body: FiscalProfileBody) => apiRequest('PUT', '/api/admin/fiscal-profile', body),
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t('admin.invoices.profile.saved') });
      await invalidate(qc, invoiceChanges.fiscalProfileSaved);
    },
    onError: (e) => toaster.create({ type: 'error', title: t('common.error'), description: errorMessage(e, t('admin.invoices.profile.saveFailed')) }),
  });
  if (!form) return null;
  return (
    <Stack as="form" gap="4" aria-labelledby="fiscal-profile" onSubmit={(e) => { e.preventDefault(); save.mutate(form); }}>
      <Heading as="h2" size="md" id="fiscal-profile">{t('admin.invoices.profile.title')}</Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {TEXT_FIELDS.map((f) => (
          <Field.Root key={f}>
            <Field.Label>{t(`admin.invoices.profile.field.${f}`)}</Field.Label>
            <Input value={form[f]} onChange={(e) => setForm({ ...form, [f]: e.target.value })} />
          </Field.Root>
        ))}
        <SelectField label={t('admin.invoices.profile.field.regimeFiscale')} value={form.regimeFiscale} onChange={(v) => setForm({ ...form, regimeFiscale: v as FiscalProfileBody['regimeFiscale'] })}
          options={REGIMI.map((r) => ({ value: r, label: t(`admin.invoices.profile.regime.${r}`) }))} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {ZONES.map((z) => (
          <TreatmentFields key={z} zone={z} value={form.treatments[z]} onChange={(tr) => setForm({ ...form, treatments: { ...form.treatments, [z]: tr } })} />
        ))}
      </SimpleGrid>
      <Button type="submit" alignSelf="flex-start" loading={save.isPending}>{t('admin.invoices.profile.save')}</Button>
    </Stack>
  );
}
