import { describe, expect, it } from 'vitest';
import { hasContactDetails } from './contact-details.ts';

describe('contact details in a message', () => {
  it.each([
    'write me at anna.rossi@gmail.com',
    'anna [at] gmail [dot] com',
    'chiamami al 333 123 4567',
    'my number is +39 06 1234567',
    '0039-333-1234567',
    'tel. (06) 123.456.78',
  ])('finds them in %j', (text) => expect(hasContactDetails(text)).toBe(true));

  it.each([
    'Can we meet on 04/03/2026 at 10.30?',
    'Lesson 2026-03-04, 3 hours, 45 euros',
    'I am at level B2 @ school',
    'Page 123 of the book, exercise 4567',
  ])('leaves %j alone', (text) => expect(hasContactDetails(text)).toBe(false));
});
