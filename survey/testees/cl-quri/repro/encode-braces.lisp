;; RFC 3986 §2.1/§2.3: only A-Z a-z 0-9 - . _ ~ may stay unencoded
(require :asdf)
(let ((*standard-output* (make-broadcast-stream))) (asdf:load-system :quri))
(write-line (quri:url-encode "a{b|c}d"))
