/**
 * The origin the wallet's own requests carry (DESIGN §9): a send made from the popup goes through
 * the same confirmation window as a dapp's transaction, and the window shows this in its place.
 * No web page has it: a page's origin is a URL's (`https://…`), taken from the browser.
 */
export const walletOrigin = 'Aperture'
