;; url-encode-params documents "form-urlencoded" and links RFC 1866 §8.2.1, which escapes both: a=%2A%7E
(require :asdf)
(let ((*standard-output* (make-broadcast-stream))) (asdf:load-system :quri))
(write-line (quri:url-encode-params '(("a" . "*~")) :space-to-plus t))
