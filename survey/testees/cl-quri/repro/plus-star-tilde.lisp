;; url-encode-params documents "form-urlencoded": application/x-www-form-urlencoded leaves '*' and escapes '~'
(require :asdf)
(let ((*standard-output* (make-broadcast-stream))) (asdf:load-system :quri))
(write-line (quri:url-encode-params '(("a" . "*~")) :space-to-plus t))
