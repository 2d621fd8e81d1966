;; RFC 3986 §2.1 percent-decoding leaves '+' as it is
(require :asdf)
(let ((*standard-output* (make-broadcast-stream))) (asdf:load-system :quri))
(write-line (quri:url-decode "a+b"))
