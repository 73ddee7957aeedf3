/**
 * The script of published sites: optional, everything works without it. It turns each block of tabs
 * (all panels shown, each under its title, without script) into a tab list.
 */
export const SITE_JS = `(function(){
document.querySelectorAll('[data-tabs]').forEach(function(box,n){
  var panels=[].slice.call(box.querySelectorAll(':scope>.tab'));if(panels.length<2)return;
  var list=document.createElement('div');list.setAttribute('role','tablist');
  panels.forEach(function(panel,i){
    var title=panel.querySelector('.tab-title');var tab=document.createElement('button');
    tab.type='button';tab.setAttribute('role','tab');tab.id='tab-'+n+'-'+i;tab.textContent=title?title.textContent:'Tab '+(i+1);
    panel.setAttribute('role','tabpanel');panel.setAttribute('aria-labelledby',tab.id);
    tab.addEventListener('click',function(){select(i)});
    tab.addEventListener('keydown',function(e){var k=e.key==='ArrowRight'?1:e.key==='ArrowLeft'?-1:0;if(k){var j=(i+k+panels.length)%panels.length;select(j);list.children[j].focus()}});
    list.appendChild(tab)});
  function select(i){panels.forEach(function(p,j){p.hidden=j!==i;list.children[j].setAttribute('aria-selected',String(j===i));list.children[j].tabIndex=j===i?0:-1})}
  box.insertBefore(list,box.firstChild);box.classList.add('enhanced');select(0)});
document.addEventListener('keydown',function(e){if((e.ctrlKey||e.metaKey)&&e.key.toLowerCase()==='k'){var q=document.querySelector('form.search input');if(q){e.preventDefault();q.focus()}}});
})();`;
