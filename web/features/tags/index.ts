/** The tags feature's public entry: what cards, the story page, the editor and settings use. Its screens load through the router. */
export { TagLinks } from './TagLinks';
export { TagInput } from './TagInput';
export { withTypedTag } from './typed-tag';
export { followedTagsQuery, keysAfterFollow, setTagFollow, tagKeys } from './api';
