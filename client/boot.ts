/**
 * The only script every page loads: small, plain TypeScript, no React.
 * It is a module script, so it runs after the document is parsed.
 */
import { setUpMenu } from './menu';

setUpMenu();
