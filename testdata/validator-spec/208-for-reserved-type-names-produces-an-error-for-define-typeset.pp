define typeset {}
