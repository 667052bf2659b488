type IntegerArray = array[Integer]
