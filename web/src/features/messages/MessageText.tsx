import { Fragment } from 'react';
import { Link, Text } from '@chakra-ui/react';

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/**
 * A message's text as written (React escapes it), its line breaks kept; web addresses are links that
 * show their own address and carry rel="nofollow" (and open apart from the site).
 */
export function MessageText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part} rel="nofollow noopener noreferrer ugc" target="_blank" textDecoration="underline">
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}
