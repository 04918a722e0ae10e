/**
 * Where MyEtherWallet's ethereum-lists keeps its darklist (the file the bundled slice was taken
 * from): contacted by the wallet only with the user's setting on (`knownBadListUpdates`).
 */
export const knownBadListSource =
  'https://raw.githubusercontent.com/MyEtherWallet/ethereum-lists/master/src/addresses/addresses-darklist.json'
