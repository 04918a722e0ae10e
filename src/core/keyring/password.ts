/** The shortest password a vault accepts (the popup checks it before asking the worker). */
export const minimumPasswordLength = 8
