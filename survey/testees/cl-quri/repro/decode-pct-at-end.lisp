;; RFC 3986 §2.1: a '%' must start two hex digits; "a%4" raises, "a%" should too
(require :asdf)
(let ((*standard-output* (make-broadcast-stream))) (asdf:load-system :quri))
(write-line (handler-case (quri:url-decode "a%") (quri:url-decoding-error () "url-decoding-error")))
