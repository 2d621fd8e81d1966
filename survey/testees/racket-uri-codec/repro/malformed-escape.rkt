#lang racket/base
;; "%+1" and "%%" start no escape (WHATWG URL §1.3): '%' stays, the rest is read on
(require net/uri-codec)
(printf "~s\n" (list (form-urlencoded-decode "%+1") (form-urlencoded-decode "%%41")))
