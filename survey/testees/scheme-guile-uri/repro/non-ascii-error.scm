(use-modules (web uri))
;; "café" with a literal é: percent-decode keeps characters that are not escapes
(define s (string #\c #\a #\f (integer->char #xE9)))
(display (catch #t (lambda () (string-length (uri-decode s))) (lambda (key . args) key)))
(newline)
