import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { EMAIL_PLACEHOLDER } from '@parliamo/domain/settings';
import { useSiteConfig } from '../lib/site.ts';
import { useLocale, useT } from '../lib/i18n.tsx';

/**
 * The launch-phase notice: its text, whether it shows at
 * all and the contact address are the school's settings (/api/site-config); `{email}` in the text
 * becomes a link to the contact address. Nothing when an admin turned it off.
 */
export function LaunchNotice() {
  const site = useSiteConfig();
  const { contactEmail } = site;
  // Italian visitors read the admin's Italian text (the English one when there is none).
  const launchNotice = useLocale().locale === 'it' ? site.launchNoticeIt : site.launchNotice;
  const t = useT();
  if (!launchNotice) return null;
  const [head = '', ...rest] = launchNotice.split(EMAIL_PLACEHOLDER);
  // The first sentence stands out, as in the product's notice ("We are in our launch phase.").
  const cut = head.indexOf('. ');
  const [lead, first] = cut > 0 ? [head.slice(0, cut + 1), head.slice(cut + 1)] : ['', head];
  const email = (
    <Link href={`mailto:${contactEmail}`} color="green.800" fontWeight="semibold" textDecoration="underline">
      {contactEmail}
    </Link>
  );
  return (
    <Flex
      role="note"
      aria-label={t('common.launchNotice.label')}
      gap="3"
      align="flex-start"
      bg="orange.50"
      borderWidth="1px"
      borderColor="orange.200"
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
    >
      <Box as="span" aria-hidden="true" fontSize="xl" lineHeight="1" mt="0.5">
        ☀
      </Box>
      <Text fontSize={{ base: 'sm', md: 'md' }} color="orange.950" whiteSpace="pre-line">
        {lead && <Text as="strong">{lead}</Text>}
        {first}
        {rest.map((part, i) => (
          <span key={i}>
            {email}
            {part}
          </span>
        ))}
      </Text>
    </Flex>
  );
}
