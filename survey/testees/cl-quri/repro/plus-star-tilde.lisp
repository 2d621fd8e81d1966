;; application/x-www-form-urlencoded (WHATWG URL §5.2) leaves '*' and escapes '~'
(require :asdf)
(let ((*standard-output* (make-broadcast-stream))) (asdf:load-system :quri))
(write-line (quri:url-encode "*~" :space-to-plus t))
