/** Profile images: where they are stored, for the features that read or remove them (export, deletion, moderation). */
export { profileImageKey } from './service';
/** The checks and processing an uploaded image goes through, its storage and its route's answer, for other images shown as avatars (federation). */
export { processProfileImage } from './image';
export { imageVersion, readStoredImage } from './service';
export { storedImageResponse } from './routes';
