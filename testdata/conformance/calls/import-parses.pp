import 'x'
