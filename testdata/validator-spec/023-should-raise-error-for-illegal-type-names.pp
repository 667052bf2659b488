type ::Aaa = Any
