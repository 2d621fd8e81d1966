-- | A pctest testee (testee/PROTOCOL.md, run with -utf16hex) for Haskell's
-- network-uri and http-types escapers. The first argument picks the
-- function set, so that no two functions answer the same op in one run:
--
-- >  (none)      percentEncode         Network.URI.escapeURIString isUnreserved
-- >              percentDecodeLenient  Network.URI.unEscapeString, its result's UTF-8
-- >              normalize             Network.URI.normalizeEscape . Network.URI.normalizeCase
-- >  http-types  percentEncode         Network.HTTP.Types.URI.urlEncode True
-- >              percentDecodeLenient  Network.HTTP.Types.URI.urlDecode False
--
-- Every other op is answered "unsupported"; so are text with a lone
-- surrogate and, for the String functions, octets that are not UTF-8. The
-- few request fields are read by hand and every answer is hex.
module Main (main) where

import qualified Data.ByteString as B
import qualified Data.ByteString.Char8 as C
import Data.Bits (shiftL, shiftR, (.&.), (.|.))
import Data.Char (chr, ord)
import qualified Data.Text as T
import qualified Data.Text.Encoding as TE
import Network.HTTP.Types.URI (urlDecode, urlEncode)
import Network.URI (escapeURIString, isUnreserved, normalizeCase, normalizeEscape, unEscapeString)
import Numeric (readHex, showHex)
import System.Environment (getArgs)
import System.Exit (exitWith, ExitCode (..))
import System.IO (hFlush, hPutStrLn, hSetBuffering, isEOF, stderr, stdout, BufferMode (..))

data Input = Octets B.ByteString | Text String

type Fn = Input -> Maybe String -- Nothing: unsupported; Just answer fields

field :: C.ByteString -> String -> Maybe String
field line name =
  let (_, rest) = B.breakSubstring (C.pack ("\"" ++ name ++ "\":")) line
   in if B.null rest
        then Nothing
        else Just . C.unpack . C.takeWhile (`notElem` ("\",}" :: String)) . C.dropWhile (`elem` (" \"" :: String)) $ B.drop (length name + 3) rest

hexBytes :: String -> B.ByteString
hexBytes (a : b : r) = B.cons (fst (head (readHex [a, b]))) (hexBytes r)
hexBytes _ = B.empty

toHex :: B.ByteString -> String
toHex = concatMap (\w -> let s = showHex w "" in replicate (2 - length s) '0' ++ s) . B.unpack

utf16 :: String -> Maybe String
utf16 h = go (units h)
  where
    units (a : b : c : d : r) = fst (head (readHex [a, b, c, d])) : units r
    units _ = []
    go [] = Just []
    go (u : l : r) | u >= 0xD800 && u <= 0xDBFF && l >= 0xDC00 && l <= 0xDFFF =
      (chr (0x10000 + (u - 0xD800) `shiftL` 10 + (l - 0xDC00)) :) <$> go r
    go (u : r) | u >= 0xD800 && u <= 0xDFFF = Nothing
               | otherwise = (chr u :) <$> go r

encodeText :: String -> B.ByteString
encodeText = TE.encodeUtf8 . T.pack

utf16Hex :: String -> String
utf16Hex = concatMap unit
  where
    h4 n = let s = showHex n "" in replicate (4 - length s) '0' ++ s
    unit c | ord c > 0xFFFF = let v = ord c - 0x10000 in h4 (0xD800 + v `shiftR` 10) ++ h4 (0xDC00 + v .&. 0x3FF)
           | otherwise = h4 (ord c)

-- | The String whose UTF-8 the octets are, if they are UTF-8.
fromUtf8 :: B.ByteString -> Maybe String
fromUtf8 b = either (const Nothing) (Just . T.unpack) (TE.decodeUtf8' b)

functionSets :: String -> Maybe [(String, Fn)]
functionSets "" =
  Just
    [ ("percentEncode", \i -> case i of
        Octets b -> (\s -> "\"out_utf16\":\"" ++ utf16Hex (escapeURIString isUnreserved s) ++ "\"") <$> fromUtf8 b
        _ -> Nothing)
    , ("percentDecodeLenient", \i -> case i of
        Text s -> Just ("\"out_hex\":\"" ++ toHex (encodeText (unEscapeString s)) ++ "\"")
        _ -> Nothing)
    , ("normalize", \i -> case i of
        Text s -> Just ("\"out_utf16\":\"" ++ utf16Hex (normalizeEscape (normalizeCase s)) ++ "\"")
        _ -> Nothing)
    ]
functionSets "http-types" =
  Just
    [ ("percentEncode", \i -> case i of
        Octets b -> Just ("\"out_utf16\":\"" ++ utf16Hex (C.unpack (urlEncode True b)) ++ "\"")
        _ -> Nothing)
    , ("percentDecodeLenient", \i -> case i of
        Text s -> Just ("\"out_hex\":\"" ++ toHex (urlDecode False (encodeText s)) ++ "\"")
        _ -> Nothing)
    ]
functionSets _ = Nothing

answer :: [(String, Fn)] -> C.ByteString -> String
answer fns line =
  let rid = maybe "0" id (field line "id")
      unsupported = "{\"id\":" ++ rid ++ ",\"unsupported\":true}"
      input = case (field line "in_hex", field line "in_utf16") of
        (Just h, _) -> Just (Octets (hexBytes h))
        (_, Just u) -> Text <$> utf16 u
        _ -> Nothing
   in case (field line "op" >>= (`lookup` fns), input) of
        (Just fn, Just i) -> maybe unsupported (\r -> "{\"id\":" ++ rid ++ "," ++ r ++ "}") (fn i)
        _ -> unsupported

main :: IO ()
main = do
  args <- getArgs
  fns <- maybe (hPutStrLn stderr "testee: unknown function set" >> exitWith (ExitFailure 2)) return
           (functionSets (concat (take 1 args)))
  hSetBuffering stdout LineBuffering
  let loop = do
        eof <- isEOF
        if eof
          then return ()
          else do
            line <- B.getLine
            if C.pack "\"id\"" `B.isInfixOf` line
              then putStrLn (answer fns line) >> hFlush stdout
              else return ()
            loop
  loop
