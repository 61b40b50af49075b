/** The local flag that records the tutorial has opened by itself once (spec section 9). */
export const TUTORIAL_SHOWN_STORAGE_KEY = 'drabble.tutorialShown';

// Storage can throw (disabled cookies, private modes); the tutorial then simply opens again.
export function hasSeenTutorial(): boolean {
  try {
    return window.localStorage.getItem(TUTORIAL_SHOWN_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

export function markTutorialSeen(): void {
  try {
    window.localStorage.setItem(TUTORIAL_SHOWN_STORAGE_KEY, 'true');
  } catch (error) {
    console.error('Could not remember that the tutorial was shown', error);
  }
}
