/** The feature-requests feature's public entry: "My suggestions" for the Suggest a Feature popover. Its screen loads through the router. */
export { MySuggestions } from './MySuggestions';
