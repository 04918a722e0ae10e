Object.defineProperty(window, 'aperture', { value: Object.freeze({}), configurable: false })
