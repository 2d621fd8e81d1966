// Deno's URL (rust-url): the path percent-encode set has ^ (U+005E) since whatwg/url#846.
const u = new URL("foo://host/");
u.pathname = "a^b";
console.log(u.pathname);
