# parse
