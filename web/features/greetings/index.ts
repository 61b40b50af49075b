/** The greetings feature's public entry: the home screen's heading. The manager screen loads through the router. */
export { HomeGreeting } from './HomeGreeting';
