import { Button, HStack } from '@chakra-ui/react';
import { LOCALES, LOCALE_NAMES } from '@parliamo/domain/i18n';
import { useLocale, useT } from '../lib/i18n.tsx';

/**
 * IT / EN: two buttons in a labelled group (header and mobile menu). The active one is pressed;
 * each says in its own language what it does, so a person who reads only that language finds it.
 */
export function LanguageSwitch({ size = 'sm', onSwitched }: { size?: 'xs' | 'sm' | 'md'; onSwitched?: () => void }) {
  const { locale, setLocale } = useLocale();
  const t = useT();
  return (
    <HStack role="group" aria-label={t('common.language.label')} w="fit-content" gap="0" borderWidth="1px" borderRadius="md" overflow="hidden">
      {LOCALES.map((l) => (
        <Button
          key={l}
          size={size}
          variant={l === locale ? 'solid' : 'ghost'}
          colorPalette={l === locale ? 'green' : 'gray'}
          borderRadius="0"
          lang={l}
          aria-pressed={l === locale}
          aria-label={LOCALE_NAMES[l]}
          onClick={() => {
            if (l !== locale) void setLocale(l).then(onSwitched);
          }}
        >
          {l.toUpperCase()}
        </Button>
      ))}
    </HStack>
  );
}
