-- "a%2fb" is a relative reference with no scheme; case normalization
-- (RFC 3986 section 6.2.2.1) should only uppercase the escape's hex digits
import Network.URI (normalizeCase)
main :: IO ()
main = print (normalizeCase "a%2fb")
