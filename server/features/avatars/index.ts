/** Profile images: where they are stored, for the features that read or remove them (export, deletion, moderation). */
export { profileImageKey } from './service';
