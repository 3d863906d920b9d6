/** The product's version, read from package.json: `eval-lens --version` and the Node API's `version` both show it. */
import { version } from '../../../package.json';

export const PRODUCT_VERSION: string = version;
