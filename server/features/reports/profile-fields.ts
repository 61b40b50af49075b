/** A profile's fields in a snapshot, labelled, in this order. */
export const PROFILE_FIELDS = [
  ['pronouns', 'Pronouns'],
  ['aboutMe', 'About me'],
  ['bio', 'Bio'],
  ['location', 'Location'],
  ['website', 'Website'],
  ['bluesky', 'Bluesky'],
  ['xcom', 'X'],
  ['reddit', 'Reddit'],
] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number][0];
