/** The school's story and people (/about-us). */
export const milestones = [
  { year: '1985', text: 'Three teachers open a small Italian school for foreigners in a flat near the Colosseum.' },
  { year: '1994', text: 'We move to Via dei Serpenti in the Monti district and start preparing students for the first CILS exams.' },
  { year: '2008', text: 'Business Italian courses begin for companies and embassies in Rome.' },
  { year: '2020', text: 'Lessons move online; students from more than 40 countries join our classes.' },
  { year: '2025', text: 'Parliamo opens: our teachers’ calendars online, with hour packages and lessons booked in a few clicks.' },
];

export const principles = [
  {
    title: 'One teacher, one student',
    text: 'Every lesson is one-to-one, so every minute is about your Italian, your goals and your pace.',
  },
  {
    title: 'Teachers we train ourselves',
    text: 'Our teachers are native speakers qualified to teach Italian as a foreign language, trained and approved by the school before they teach on Parliamo.',
  },
  {
    title: 'Clear rules, no surprises',
    text: 'You see the hourly rate before you buy, pay a fixed €3 fee per purchase, and always know how many hours remain and when they expire.',
  },
];
