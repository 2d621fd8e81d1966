;; a literal non-ASCII character is not an escape and should be kept: U+0800 is 2048
(require :asdf)
(let ((*standard-output* (make-broadcast-stream))) (asdf:load-system :quri))
(format t "~a~%" (map 'list #'char-code (quri:url-decode (string (code-char #x800)))))
