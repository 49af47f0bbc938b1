import { useState } from 'react';
import { Box, Button, CloseButton, Container, Flex, HStack, Text } from '@chakra-ui/react';
import { useT } from '../lib/i18n.tsx';
import { choiceInForce, recordChoice } from './cookie-consent.ts';

function storedChoice(): string | null {
  try {
    return choiceInForce(window.localStorage, new Date());
  } catch {
    return null;
  }
}

/**
 * The cookie banner: shown while `cookiesAccepted` is unset or older than 6 months (cookie-consent.ts);
 * Accept sets "true", Essential only or the close icon set "false"; either hides it.
 */
export function CookieBanner() {
  const [open, setOpen] = useState(() => storedChoice() === null);
  const t = useT();
  if (!open) return null;
  const choose = (accepted: boolean) => {
    try {
      recordChoice(window.localStorage, accepted, new Date());
    } catch {
      /* storage unavailable: still hide the banner for this visit */
    }
    setOpen(false);
  };
  return (
    <Box
      as="section"
      aria-label={t('common.cookies.region')}
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="banner"
      bg="bg"
      borderTopWidth="1px"
      boxShadow="lg"
    >
      <Container maxW="7xl" py="4">
        <Flex gap="4" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
          <Box flex="1" pr={{ base: '8', md: '0' }}>
            <Text fontWeight="semibold">{t('common.cookies.title')}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t('common.cookies.text')}
            </Text>
          </Box>
          <HStack gap="2" wrap="wrap">
            <Button size="sm" colorPalette="green" onClick={() => choose(true)}>
              {t('common.cookies.acceptAll')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => choose(false)}>
              {t('common.cookies.essentialOnly')}
            </Button>
            <Button asChild size="sm" variant="ghost">
              <a href="/privacy-policy" target="_blank" rel="noopener">
                {t('common.cookies.policy')}
              </a>
            </Button>
          </HStack>
          <CloseButton
            aria-label={t('common.cookies.close')}
            size="sm"
            position={{ base: 'absolute', md: 'static' }}
            top="2"
            right="2"
            onClick={() => choose(false)}
          />
        </Flex>
      </Container>
    </Box>
  );
}
