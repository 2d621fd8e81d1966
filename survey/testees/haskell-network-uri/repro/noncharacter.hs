-- %EF%BF%BF is the UTF-8 of U+FFFF, a valid scalar value (a noncharacter,
-- which UTF-8 decoders must still decode)
import Network.URI (unEscapeString)
main :: IO ()
main = print (unEscapeString "%EF%BF%BF")
