no tokens here
