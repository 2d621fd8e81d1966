(require '[ring.util.codec :as codec])
;; fullwidth digits and letters after '%': "%２ｅ%２ｅ%２ｆ"
(println (codec/form-decode-str "%\uff12\uff45%\uff12\uff45%\uff12\uff46"))
