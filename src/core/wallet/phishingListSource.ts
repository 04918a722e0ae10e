/**
 * Where eth-phishing-detect keeps its list (the `config.json` the bundled 1.2.0 snapshot was
 * published from): the one host the wallet contacts on its own, and only with the user's setting on.
 */
export const phishingListSource =
  'https://raw.githubusercontent.com/MetaMask/eth-phishing-detect/main/src/config.json'
