chrome.runtime.onConnect.addListener((port) => {
  port.onMessage.addListener(() => undefined)
})
