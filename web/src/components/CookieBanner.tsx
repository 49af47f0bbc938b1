import { useState } from 'react';
import { Box, Button, CloseButton, Container, Flex, HStack, Text } from '@chakra-ui/react';

const KEY = 'cookiesAccepted';

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/**
 * The cookie banner (spec "Screens and routes" and "States and transitions"): shown while `cookiesAccepted` is unset; Accept sets "true",
 * Essential only or the close icon set "false"; either hides it.
 */
export function CookieBanner() {
  const [open, setOpen] = useState(() => storedChoice() === null);
  if (!open) return null;
  const choose = (accepted: boolean) => {
    try {
      window.localStorage.setItem(KEY, String(accepted));
    } catch {
      /* storage unavailable: still hide the banner for this visit */
    }
    setOpen(false);
  };
  return (
    <Box
      as="section"
      aria-label="Cookie consent"
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
            <Text fontWeight="semibold">We use cookies</Text>
            <Text fontSize="sm" color="fg.muted">
              Essential cookies keep you signed in and remember this choice. With your consent we also use cookies that
              help us understand how the site is used, so we can improve it.
            </Text>
          </Box>
          <HStack gap="2" wrap="wrap">
            <Button size="sm" colorPalette="green" onClick={() => choose(true)}>
              Accept All Cookies
            </Button>
            <Button size="sm" variant="outline" onClick={() => choose(false)}>
              Essential Cookies Only
            </Button>
            <Button asChild size="sm" variant="ghost">
              <a href="/privacy-policy" target="_blank" rel="noopener">
                Cookie Policy
              </a>
            </Button>
          </HStack>
          <CloseButton
            aria-label="Close cookie banner"
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
