# A pctest testee (testee/PROTOCOL.md, run with -utf16hex) for R's
# utils::URLencode and utils::URLdecode. The first argument picks the
# function set, so that no two functions answer the same op in one run:
#
#   (none)    encodeNoDouble        URLencode(URL)  (reserved = FALSE, repeated = FALSE)
#             percentDecodeLenient  URLdecode(URL)
#   reserved  percentEncode         URLencode(URL, reserved = TRUE)
#   repeated  percentEncode         URLencode(URL, reserved = TRUE, repeated = TRUE)
#
# Every other op is answered "unsupported"; so are text with a lone
# surrogate and octets that are not UTF-8 (or hold NUL), which no R string
# holds. The few request fields are read with regexps; answers are hex.
invisible(Sys.setlocale("LC_CTYPE", "C.UTF-8"))
args <- commandArgs(trailingOnly = TRUE)
variant <- if (length(args)) args[1] else "default"

hex2raw <- function(h) if (!nchar(h)) raw(0) else as.raw(strtoi(substring(h, seq(1, nchar(h), 2), seq(2, nchar(h), 2)), 16L))

# The UTF-8 string of UTF-16 code units in hex, or NULL for a lone surrogate.
utf16 <- function(h) {
  if (!nchar(h)) return("")
  u <- strtoi(substring(h, seq(1, nchar(h), 4), seq(4, nchar(h), 4)), 16L)
  cp <- integer(0); i <- 1L
  while (i <= length(u)) {
    if (u[i] >= 0xD800 && u[i] <= 0xDBFF && i < length(u) && u[i + 1] >= 0xDC00 && u[i + 1] <= 0xDFFF) {
      cp <- c(cp, 0x10000L + (u[i] - 0xD800L) * 0x400L + (u[i + 1] - 0xDC00L)); i <- i + 2L
    } else if (u[i] >= 0xD800 && u[i] <= 0xDFFF) {
      return(NULL)
    } else {
      cp <- c(cp, u[i]); i <- i + 1L
    }
  }
  if (any(cp == 0L)) return(NULL)
  intToUtf8(cp)
}

to_utf16 <- function(s) {
  cp <- utf8ToInt(s)
  hi <- cp > 0xFFFF
  paste(vapply(seq_along(cp), function(k) {
    if (!hi[k]) return(sprintf("%04x", cp[k]))
    v <- cp[k] - 0x10000L
    sprintf("%04x%04x", 0xD800L + v %/% 0x400L, 0xDC00L + v %% 0x400L)
  }, ""), collapse = "")
}

text_out <- function(s) list("out_utf16", to_utf16(s))

sets <- list(
  default = list(
    encodeNoDouble = list("in_utf16", function(s) text_out(utils::URLencode(s))),
    percentDecodeLenient = list("in_utf16", function(s) {
      list("out_hex", paste(as.character(charToRaw(utils::URLdecode(s))), collapse = ""))
    })),
  reserved = list(
    percentEncode = list("in_hex", function(s) text_out(utils::URLencode(s, reserved = TRUE)))),
  repeated = list(
    percentEncode = list("in_hex", function(s) text_out(utils::URLencode(s, reserved = TRUE, repeated = TRUE)))))
ops <- sets[[variant]]
if (is.null(ops)) { message("testee: unknown function set"); quit(status = 2) }

field <- function(line, re) {
  m <- regmatches(line, regexec(re, line))[[1]]
  if (length(m)) m[2] else NA
}

answer <- function(line) {
  id <- field(line, '"id":\\s*([0-9]+)')
  if (is.na(id)) return(NULL)
  fn <- ops[[field(line, '"op":\\s*"([^"]*)"')]]
  unsupported <- sprintf('{"id":%s,"unsupported":true}', id)
  if (is.null(fn)) return(unsupported)
  raw <- field(line, paste0('"', fn[[1]], '":\\s*"([0-9a-fA-F]*)"'))
  if (is.na(raw)) return(unsupported)
  if (fn[[1]] == "in_hex") {
    b <- hex2raw(raw)
    if (any(b == as.raw(0))) return(unsupported)
    s <- rawToChar(b); Encoding(s) <- "UTF-8"
    if (!validUTF8(s)) return(unsupported)
  } else {
    s <- utf16(raw)
    if (is.null(s)) return(unsupported)
  }
  # A warning is what R prints and goes on from: the answer is the result.
  tryCatch(withCallingHandlers({
    r <- fn[[2]](s)
    sprintf('{"id":%s,"%s":"%s"}', id, r[[1]], r[[2]])
  }, warning = function(w) invokeRestart("muffleWarning")),
  error = function(e) sprintf('{"id":%s,"error":"error"}', id))
}

con <- file("stdin", "r")
repeat {
  line <- readLines(con, n = 1L, warn = FALSE)
  if (!length(line)) break
  a <- answer(line)
  if (!is.null(a)) { cat(a, "\n", sep = ""); flush(stdout()) }
}
