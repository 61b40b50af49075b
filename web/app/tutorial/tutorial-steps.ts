/** What a step points at: an element carrying `data-tutorial="<anchor>"`, where the app shows one. */
export type TutorialAnchor = 'story-editor' | 'story-reactions' | 'profile-menu';

export interface TutorialStep {
  title: string;
  description: string;
  anchor?: TutorialAnchor;
}

/** The tour of spec section 2, in order. */
export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    title: 'Welcome',
    description: 'Drabble is a home for ultra-short fiction. This quick tour shows you around in a minute.',
  },
  {
    title: 'Daily Prompt',
    description: 'Every day brings a fresh prompt: a genre, a theme and a twist. Use it to spark a story, or write whatever you like.',
  },
  {
    title: 'Write Your Story',
    description: 'Write in the story editor. It counts your words as you go and keeps a draft while you type.',
    anchor: 'story-editor',
  },
  {
    title: 'Make Stories Public or Private',
    description: 'Private stories are yours alone. Make one public when you want the community to read it; you can switch back at any time.',
  },
  {
    title: 'Reactions & Comments',
    description: 'Readers react to public stories and leave comments underneath. Visit Community to do the same for others.',
    anchor: 'story-reactions',
  },
  {
    title: 'Add and Follow Friends',
    description:
      'On a writer’s profile, press Follow: the button then reads Following, and their new stories reach your feed. When someone follows you first, you see Follow back. Follow each other and you are Friends, free to message each other.',
  },
  {
    title: 'Profile & Streaks',
    description: 'Your profile menu leads to your profile: your writing streak, daily word goal and stats live there.',
    anchor: 'profile-menu',
  },
  {
    title: "You're Ready",
    description: 'That is the tour. Write something small today! You can reopen this tutorial any time from the help button.',
  },
];
