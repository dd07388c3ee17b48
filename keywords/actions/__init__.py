"""The keyword actions of CR 701 that the core performs, one module each.

Each module is a built-in plugin: it defines the action as a function of the game and
contributes a :class:`~manaweave.hookspecs.KeywordAction` describing it through
``mw_keywords``, the hook a third party's keyword actions come through
(``manaweave keywords`` lists them). :class:`~manaweave.lowlevel.Game`'s methods of the same names
call these functions.
"""
